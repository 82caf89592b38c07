// The one documented Chromium lookup (docs/architecture.md §2): Playwright's own browser
// download does not work here, so browser tests drive a Chromium that is
// already on the machine. CHROMIUM_PATH wins; then the usual install places.
import { accessSync, constants } from 'node:fs';

const knownLocations = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Path of the Chromium to drive: $CHROMIUM_PATH, else the first known location that exists. */
export function chromiumPath(env: Record<string, string | undefined> = process.env): string {
  const chosen = env['CHROMIUM_PATH'];
  if (chosen) {
    if (isExecutable(chosen)) return chosen;
    throw new Error(`CHROMIUM_PATH=${chosen} is not an executable file.`);
  }
  const found = knownLocations.find(isExecutable);
  if (found) return found;
  throw new Error(
    "No Chromium found for the browser tests. Install Debian's package with " +
      '`apt-get install -y chromium` (as root), or set CHROMIUM_PATH to a Chromium or Chrome binary. ' +
      `Looked in: ${knownLocations.join(', ')}.`,
  );
}

/**
 * Flags for headless Debian Chromium in a container (docs/architecture.md §2):
 * no sandbox as root, no GPU, and no background traffic to Google services.
 */
export const chromiumArgs: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
