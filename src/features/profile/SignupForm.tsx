// /app/signup (docs/product.md §5 Signup): access data, personal data, optional loyalty
// card and the four consents, each field checked on blur with the contract's
// rules; the server's refusals are shown with its message (docs/product.md §8).
import { routes } from '#src/shared/routes.ts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '#src/lib/api-client.ts';
import { signupRequest, type SignupRequest } from '#src/shared/contract/auth.ts';
import { ErrorCode, TOO_MANY_ATTEMPTS } from '#src/shared/contract/errors.ts';
import { PASSWORD_HINT, normaliseCardInput } from '#src/shared/contract/profile-rules.ts';
import { LOYALTY_PREFIX } from '#src/shared/loyalty-card.ts';
import { signup } from './account.api.ts';
import { CheckboxField, FormAlert, RequiredNote, TextField } from './Fields.tsx';
import { useForm, type Form } from './form-kit.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import { confirmation, mustAccept, rules } from './rules.ts';

const initial = {
  username: '',
  password: '',
  passwordConfirm: '',
  firstName: '',
  lastName: '',
  ssnCode: '',
  birthDate: '',
  mobilePhone: '',
  card: LOYALTY_PREFIX,
  accept1: false,
  accept2: false,
  accept3: false,
  accept4: false,
};
type SignupValues = typeof initial;

const signupRules = {
  username: rules.email('username'),
  password: rules.newPassword('password'),
  passwordConfirm: confirmation('passwordConfirm', 'password'),
  firstName: rules.firstName('firstName'),
  lastName: rules.lastName('lastName'),
  ssnCode: rules.ssnCode('ssnCode'),
  birthDate: rules.birthDate('birthDate'),
  mobilePhone: rules.mobilePhone('mobilePhone'),
  card: rules.loyaltyCard('card'),
  accept1: mustAccept('accept1'),
  accept2: mustAccept('accept2'),
};

function requestOf(v: SignupValues): SignupRequest {
  const card = v.card.trim();
  return {
    username: v.username,
    password: v.password,
    passwordConfirm: v.passwordConfirm,
    profile: {
      firstName: v.firstName,
      lastName: v.lastName,
      birthDate: v.birthDate,
      mobilePhone: v.mobilePhone,
      email: v.username,
      ssnCode: v.ssnCode,
      cards: card === '' || card === LOYALTY_PREFIX ? [] : [{ code: card, principal: true, enabled: true }],
    },
    accept1: v.accept1 as true,
    accept2: v.accept2 as true,
    accept3: v.accept3,
    accept4: v.accept4,
  };
}

/** Which field a server code or a contract issue belongs to. */
const fieldOfCode: Partial<Record<number, keyof SignupValues>> = {
  [ErrorCode.INVALID_USERNAME]: 'username',
  [ErrorCode.INVALID_PASSWORD]: 'password',
  [ErrorCode.INVALID_PHONE]: 'mobilePhone',
};
const fieldOfPath = (path: PropertyKey[]): keyof SignupValues | undefined => {
  const last = path[0] === 'profile' ? path[1] : path[0];
  if (last === 'cards') return 'card';
  return typeof last === 'string' && last in initial ? (last as keyof SignupValues) : undefined;
};

export default function SignupForm() {
  const form = useForm('signup', initial, signupRules);
  const [alert, setAlert] = useState<{ message: string; taken?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // Before hydration a click would submit the page natively, password in the URL.
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    if (!form.validate()) return;
    const checked = signupRequest.safeParse(requestOf(form.values));
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const name = fieldOfPath(issue.path);
      return name ? form.fail(name, issue.message) : setAlert({ message: issue.message });
    }
    setBusy(true);
    try {
      await signup(requestOf(form.values));
      setDone(form.values.username.trim().toLowerCase());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const name = fieldOfCode[error.code];
      if (name) form.fail(name, error.message);
      else
        setAlert({
          message: error.status === 429 ? TOO_MANY_ATTEMPTS : error.message,
          taken: error.code === ErrorCode.USERNAME_TAKEN,
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="signup-title">
      <RequiredNote />
      <AccessFields form={form} />
      <PersonalFields form={form} />
      <ConsentFields form={form} />
      <FormAlert message={alert?.message ?? null}>
        {alert?.taken && <a href={routes.reset}>Recupera la password</a>}
      </FormAlert>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy || !hydrated}>
          {busy ? 'Registrazione in corso…' : 'Registrati'}
        </button>
      </div>
      <ModalDialog
        title="Registrazione effettuata"
        role="alertdialog"
        isOpen={done !== null}
        dismissable={false}
        onClose={() => window.location.assign(routes.home)}
      >
        <p>
          Ti abbiamo inviato un'e-mail all'indirizzo <strong>{done}</strong>: apri il link che contiene per completare
          la registrazione. Dopo potrai accedere con la tua e-mail e la password scelta.
        </p>
        <div className="form-actions">
          <a className="button button-primary" href={routes.home} autoFocus>
            Vai alla home
          </a>
        </div>
      </ModalDialog>
    </form>
  );
}

function AccessFields({ form }: { form: Form<SignupValues> }) {
  return (
    <fieldset>
      <legend>Dati di accesso</legend>
      <TextField
        form={form}
        name="username"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <TextField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
      />
      <TextField
        form={form}
        name="passwordConfirm"
        label="Conferma password"
        type="password"
        autoComplete="new-password"
        required
      />
    </fieldset>
  );
}

function PersonalFields({ form }: { form: Form<SignupValues> }) {
  return (
    <fieldset>
      <legend>Dati personali</legend>
      <div className="field-row">
        <TextField form={form} name="firstName" label="Nome" autoComplete="given-name" required />
        <TextField form={form} name="lastName" label="Cognome" autoComplete="family-name" required />
      </div>
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
      <div className="field-row">
        <TextField form={form} name="birthDate" label="Data di nascita" type="date" autoComplete="bday" required />
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
        hint="13 cifre, inizia con 0248. Lascia 0248 se non hai la carta."
        normalise={normaliseCardInput}
      />
    </fieldset>
  );
}

function ConsentFields({ form }: { form: Form<SignupValues> }) {
  return (
    <fieldset>
      <legend>Consensi</legend>
      <CheckboxField form={form} name="accept1" required>
        Ho letto l'
        <a href={routes.privacy} target="_blank" rel="noopener">
          informativa sulla privacy
        </a>{' '}
        e acconsento al trattamento dei miei dati personali
      </CheckboxField>
      <CheckboxField form={form} name="accept2" required>
        Accetto i{' '}
        <a href={routes.terms} target="_blank" rel="noopener">
          termini e condizioni
        </a>{' '}
        del servizio
      </CheckboxField>
      <CheckboxField form={form} name="accept3">
        Acconsento a ricevere offerte e comunicazioni commerciali (facoltativo)
      </CheckboxField>
      <CheckboxField form={form} name="accept4">
        Acconsento all'analisi dei miei acquisti per ricevere offerte personalizzate (facoltativo)
      </CheckboxField>
    </fieldset>
  );
}
