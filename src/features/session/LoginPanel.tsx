// The login panel overlay of docs/product.md §2: username, password, Access, password
// forgotten link, sign-up link; 'Credenziali errate' on failure.
import { routes } from '#src/shared/routes.ts';
import { useState, type FormEvent } from 'react';
import { ApiError, OfflineError } from '#src/lib/api-client.ts';
import { ErrorCode, TOO_MANY_ATTEMPTS } from '#src/shared/contract/errors.ts';
import { login } from '#src/shop/session.actions.ts';
import { $overlay } from '#src/shop/session.store.ts';

export function LoginPanel() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await login(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
      $overlay.set(null);
    } catch (e) {
      const code = e instanceof ApiError ? e.code : 0;
      // Wrong credentials and malformed input read the same to the shopper;
      // too many attempts say so (429), the others are the server's message
      // (e.g. an account whose confirmation link was not followed yet).
      if (e instanceof OfflineError) setError(e.message);
      else if (e instanceof ApiError && e.status === 429) setError(TOO_MANY_ATTEMPTS);
      else
        setError(
          code === ErrorCode.BAD_CREDENTIALS || code === ErrorCode.GENERIC || !(e instanceof ApiError)
            ? 'Credenziali errate'
            : e.message,
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel-form" onSubmit={submit} noValidate>
      <label htmlFor="login-username">Username (e-mail)</label>
      <input id="login-username" name="username" type="email" autoComplete="username" required />
      <label htmlFor="login-password">Password</label>
      <input id="login-password" name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        Accedi
      </button>
      <p className="panel-links">
        <a href={routes.reset}>Password dimenticata?</a>
        <a href={routes.signup}>Non hai un account? Registrati</a>
      </p>
    </form>
  );
}
