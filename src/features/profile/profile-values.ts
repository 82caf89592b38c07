// What the profile form shows of a profile, and the form's name (its fields' ids are profile-<field>).
import type { Profile } from '#src/shared/contract/session.ts';
import { LOYALTY_PREFIX } from '#src/shared/loyalty-card.ts';

/** The form's name: its fields' ids are profile-<field>. */
export const PROFILE_FORM = 'profile';

/** What the form shows of a profile. */
export const profileValues = (p: Profile) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  ssnCode: p.ssnCode ?? '',
  mobilePhone: p.mobilePhone ?? '',
  card: p.cards[0]?.code ?? LOYALTY_PREFIX,
  accept1: p.accept1,
  accept2: p.accept2,
  accept3: p.accept3,
  accept4: p.accept4,
});
