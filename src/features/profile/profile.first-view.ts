// The /profile page's first view (src/shop/first-view.ts): the profile form
// filled in from the stored session's profile, drawn before React and the
// form's code have loaded, its fields and buttons disabled (what is typed
// there could not be kept). profile.first-view.test.ts checks it against the
// island.
import type { Profile } from '#src/shared/contract/session.ts';
import { LOYALTY_PREFIX } from '#src/shared/loyalty-card.ts';
import { esc, noFirstView, showFirstView } from '#src/shop/first-view.ts';
import { $user } from '#src/shop/session.store.ts';

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

type Values = ReturnType<typeof profileValues>;

// Named as React writes them (HTML does not mind the case), in the island's order.
const attributes = (list: Record<string, string>) =>
  Object.entries(list)
    .map(([name, value]) => ` ${name}="${esc(value)}"`)
    .join('');

const required = '<span class="field-required" aria-hidden="true"> *</span>';

/** Fields.tsx's TextField, disabled. */
function textField(
  name: keyof Values & string,
  value: string,
  label: string,
  input: Record<string, string>,
  options: { required?: boolean; hint?: string } = {},
): string {
  const id = `${PROFILE_FORM}-${name}`;
  const hint = options.hint ? `<p id="${id}-hint" class="field-hint">${esc(options.hint)}</p>` : '';
  const describedBy = options.hint ? `${id}-hint ${id}-error` : `${id}-error`;
  return `<div class="field"><span class="field-label"><label for="${id}">${esc(label)}</label>${options.required ? required : ''}</span>${hint}<input${attributes(input)} id="${id}"${options.required ? ' aria-required="true"' : ''} aria-describedby="${describedBy}" disabled="" name="${name}" value="${esc(value)}"/><p id="${id}-error" class="field-error" aria-live="polite"></p></div>`;
}

/** Fields.tsx's CheckboxField, disabled as on the island (consents change through customer service). */
function consent(name: keyof Values & string, checked: boolean, label: string): string {
  const id = `${PROFILE_FORM}-${name}`;
  return `<div class="field field--check"><input type="checkbox" id="${id}" disabled="" aria-describedby="${id}-error" name="${name}"${checked ? ' checked=""' : ''}/><span class="field-label"><label for="${id}">${esc(label)}</label></span><p id="${id}-error" class="field-error" aria-live="polite"></p></div>`;
}

/** ProfileDataForm's markup for this profile, its fields and buttons disabled. */
export function profileFirstView(profile: Profile): string {
  const v = profileValues(profile);
  return `<form class="account-form" noValidate="" aria-labelledby="profile-title"><p class="form-note">I campi contrassegnati con <span aria-hidden="true">*</span><span class="visually-hidden">asterisco</span> sono obbligatori.</p><p class="form-note">Email di accesso: <strong>${esc(profile.email)}</strong></p><div class="field-row">${textField('firstName', v.firstName, 'Nome', { autoComplete: 'given-name' }, { required: true })}${textField('lastName', v.lastName, 'Cognome', { autoComplete: 'family-name' }, { required: true })}</div><div class="field-row">${textField('ssnCode', v.ssnCode, 'Codice fiscale', { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: 'false', maxLength: '16' }, { required: true })}${textField('mobilePhone', v.mobilePhone, 'Cellulare', { type: 'tel', autoComplete: 'tel', inputMode: 'numeric', maxLength: '10' }, { required: true })}</div>${textField('card', v.card, 'Carta fedeltà (facoltativa)', { inputMode: 'numeric', autoComplete: 'off' }, { hint: '13 cifre, inizia con 0248.' })}<fieldset><legend>Consensi</legend><p class="form-note">Per modificare i consensi rivolgiti al servizio clienti.</p>${consent('accept1', v.accept1, 'Trattamento dei dati personali (informativa sulla privacy)')}${consent('accept2', v.accept2, 'Termini e condizioni del servizio')}${consent('accept3', v.accept3, 'Offerte e comunicazioni commerciali')}${consent('accept4', v.accept4, 'Offerte personalizzate in base ai miei acquisti')}</fieldset><div class="form-actions"><button type="submit" class="button button-primary" disabled="">Salva</button></div></form><section class="danger-zone" aria-labelledby="delete-profile-title"><h2 id="delete-profile-title">Elimina profilo</h2><p>Puoi chiedere l&#x27;eliminazione del tuo profilo e dei tuoi dati.</p><button type="button" class="button button-danger" aria-haspopup="dialog" disabled="">Elimina profilo</button></section>`;
}

/** Draws /profile's first view from the stored session's profile, at once. */
export function startProfileFirstView(): void {
  const profile = $user.get()?.profile;
  // A profile stored by an older page may lack a field: the island then draws it alone.
  if (profile && typeof profile.email === 'string' && Array.isArray(profile.cards))
    showFirstView(profileFirstView(profile));
  else noFirstView();
}
