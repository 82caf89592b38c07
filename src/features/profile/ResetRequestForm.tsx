// /app/reset (docs/product.md §2, §5): one e-mail field and a send button. The mailed
// link opens /app/reset/password; a refusal is the server's message in a toast.
import { useState, type FormEvent } from 'react';
import { ApiError, serverMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { TOO_MANY_ATTEMPTS } from '#src/shared/contract/errors.ts';
import { INVALID_EMAIL } from '#src/shared/contract/profile-rules.ts';
import { requestReset } from './account.api.ts';
import { TextField } from './Fields.tsx';
import { useForm } from './form-kit.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';
import { rules } from './rules.ts';

const RESET_DONE = 'Richiesta effettuata con successo.';

// docs/product.md §5: whatever is wrong with the address, the reset form says the one message.
const emailRule = (values: { email: string }) => (rules.email('email')(values) ? INVALID_EMAIL : null);

export default function ResetRequestForm() {
  const form = useForm('reset', { email: '' }, { email: emailRule });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    try {
      await requestReset(form.values.email.trim().toLowerCase());
      setSent(true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      showToast(error.status === 429 ? TOO_MANY_ATTEMPTS : serverMessageOf(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="form-success" role="status">
        <p className="form-success__title">{RESET_DONE}</p>
        <p>
          Se l'indirizzo è registrato riceverai un'e-mail con il link per scegliere una nuova password. Il link vale 60
          minuti.
        </p>
      </div>
    );
  }
  return (
    <form className="account-form account-form--narrow" onSubmit={submit} noValidate aria-labelledby="reset-title">
      <TextField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" required />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy || !hydrated}>
          Invia
        </button>
      </div>
    </form>
  );
}
