// npm run lint runs remark over README.md and docs/ to check their links, offline (nothing is fetched):
// remark-validate-links: every relative link's file exists and its #fragment is a heading of the target
// (GitHub's slugs); repository: false, so it reads no git remote and takes the folder it runs in as the root.
// lint/remark-links-inside.ts: no link points outside the repository.
import remarkValidateLinks from 'remark-validate-links';
import remarkLinksInside from './lint/remark-links-inside.ts';

export default {
  plugins: [[remarkValidateLinks, { repository: false }], remarkLinksInside],
};
