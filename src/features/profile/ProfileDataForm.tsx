// /app/profile (docs/product.md §2 Profile data, §5 Profile): names, fiscal code
// (upper-cased), mobile, loyalty card (0248 + 9 digits), the consents shown
// disabled, and the deletion request.
import { useState, type FormEvent } from 'react';
import { ApiError } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { $user, setSession } from '#src/shop/session.store.ts';
import type { Profile } from '#src/shared/contract/session.ts';
import { normaliseCardInput } from '#src/shared/contract/profile-rules.ts';
import { LOYALTY_PREFIX } from '#src/shared/loyalty-card.ts';
import { PROFILE_FORM, profileValues } from './profile.first-view.ts';
import { updateProfile } from './account.api.ts';
import { DeleteProfile } from './DeleteProfile.tsx';
import { CheckboxField, RequiredNote, TextField } from './Fields.tsx';
import { useForm } from './form-kit.ts';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import { useFirstViewEnd } from '#src/shop/use-first-view.ts';
import { rules } from './rules.ts';

const PROFILE_SAVED = 'Profilo aggiornato con successo';
const PROFILE_NOT_SAVED = "Errore durante l'aggiornamento del profilo";

const profileRules = {
  firstName: rules.firstName('firstName'),
  lastName: rules.lastName('lastName'),
  ssnCode: rules.ssnCode('ssnCode'),
  mobilePhone: rules.mobilePhone('mobilePhone'),
  card: rules.loyaltyCard('card'),
};

export default function ProfileDataPage() {
  return <RequireShopper look="profile">{(user) => <ProfileDataForm profile={user.profile} />}</RequireShopper>;
}

export function ProfileDataForm({ profile }: { profile: Profile }) {
  useFirstViewEnd(true);
  const form = useForm(PROFILE_FORM, profileValues(profile), profileRules);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate()) return;
    const v = form.values;
    const card = v.card.trim();
    setBusy(true);
    try {
      const saved = await updateProfile({
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        mobilePhone: v.mobilePhone.trim(),
        ssnCode: v.ssnCode.trim(),
        cards: card === '' || card === LOYALTY_PREFIX ? [] : [{ code: card, principal: true, enabled: true }],
      });
      const user = $user.get();
      if (user) setSession({ ...user, profile: saved });
      form.reset(profileValues(saved));
      showToast(PROFILE_SAVED, 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A lost session already said so and went home.
      if (error.status !== 401 && error.status !== 403) showToast(PROFILE_NOT_SAVED, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="account-form" onSubmit={submit} noValidate aria-labelledby="profile-title">
        <RequiredNote />
        <p className="form-note">
          Email di accesso: <strong>{profile.email}</strong>
        </p>
        <div className="field-row">
          <TextField form={form} name="firstName" label="Nome" autoComplete="given-name" required />
          <TextField form={form} name="lastName" label="Cognome" autoComplete="family-name" required />
        </div>
        <div className="field-row">
          <TextField
            form={form}
            name="ssnCode"
            label="Codice fiscale"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            normalise={(v) => v.toUpperCase()}
            required
          />
          <TextField
            form={form}
            name="mobilePhone"
            label="Cellulare"
            type="tel"
            autoComplete="tel"
            inputMode="numeric"
            maxLength={10}
            required
          />
        </div>
        <TextField
          form={form}
          name="card"
          label="Carta fedeltà (facoltativa)"
          inputMode="numeric"
          autoComplete="off"
          hint="13 cifre, inizia con 0248."
          normalise={normaliseCardInput}
        />
        <fieldset>
          <legend>Consensi</legend>
          <p className="form-note">Per modificare i consensi rivolgiti al servizio clienti.</p>
          <CheckboxField form={form} name="accept1" disabled>
            Trattamento dei dati personali (informativa sulla privacy)
          </CheckboxField>
          <CheckboxField form={form} name="accept2" disabled>
            Termini e condizioni del servizio
          </CheckboxField>
          <CheckboxField form={form} name="accept3" disabled>
            Offerte e comunicazioni commerciali
          </CheckboxField>
          <CheckboxField form={form} name="accept4" disabled>
            Offerte personalizzate in base ai miei acquisti
          </CheckboxField>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Salva
          </button>
        </div>
      </form>
      <DeleteProfile />
    </>
  );
}
