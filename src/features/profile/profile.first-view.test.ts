// The profile page's first view is the island's own form for the same
// profile: only its fields and buttons are disabled until the island is there.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Profile } from '#src/shared/contract/session.ts';
import { ProfileDataForm } from './ProfileDataForm.tsx';
import { profileFirstView } from './profile.first-view.ts';

const profileOf = (over: Partial<Profile>): Profile => ({
  id: 1,
  firstName: 'Anna',
  lastName: "D'Angelo",
  birthDate: null,
  mobilePhone: '3331234567',
  email: 'anna.dangelo@example.it',
  ssnCode: 'DNGNNA80A41A662X',
  cards: [{ code: '0248123456789', principal: true, enabled: true }] as Profile['cards'],
  accept1: true,
  accept2: true,
  accept3: false,
  accept4: true,
  ...over,
});

const island = (profile: Profile) =>
  renderToStaticMarkup(createElement(ProfileDataForm, { profile })).replaceAll('<!-- -->', '');
const withoutDisabled = (markup: string) => markup.replaceAll(' disabled=""', '');

describe("the profile page's first view", () => {
  it.each([
    ['a full profile with a loyalty card', profileOf({})],
    [
      'a profile with no card, phone or fiscal code',
      profileOf({ cards: [], mobilePhone: null, ssnCode: null, accept3: true }),
    ],
  ])('is the island’s form for %s', (_, profile) => {
    expect(withoutDisabled(profileFirstView(profile))).toBe(withoutDisabled(island(profile)));
  });

  it('disables every field and button', () => {
    const first = profileFirstView(profileOf({}));
    const controls = first.match(/<(input|button)[^>]*>/g) ?? [];
    expect(controls.length).toBe(11);
    expect(controls.filter((c) => !c.includes('disabled=""'))).toEqual([]);
  });
});
