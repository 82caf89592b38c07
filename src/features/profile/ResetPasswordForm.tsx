// /app/reset/password?token=… (the mailed reset link): a new password and its
// confirmation with the signup rules; then the shopper logs in with it.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, serverMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { ErrorCode, TOO_MANY_ATTEMPTS, messageFor } from '#src/shared/contract/errors.ts';
import { PASSWORD_HINT } from '#src/shared/contract/profile-rules.ts';
import { openOverlay } from '#src/shop/session.store.ts';
import { resetPassword } from './account.api.ts';
import { FormAlert, TextField } from './Fields.tsx';
import { useForm } from './form-kit.ts';
import { LoginButton } from '#src/shop/LoginGate.tsx';
import { confirmation, rules } from './rules.ts';

const PASSWORD_UPDATED = 'Password aggiornata correttamente';

export default function ResetPasswordForm() {
  const form = useForm(
    'new-password',
    { newPassword: '', passwordConfirm: '' },
    {
      newPassword: rules.newPassword('newPassword'),
      passwordConfirm: confirmation('passwordConfirm', 'newPassword'),
    },
  );
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);

  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(found);
    if (found.length < 20) setLinkError(messageFor(ErrorCode.INVALID_LINK));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate() || !token) return;
    setBusy(true);
    try {
      await resetPassword(token, form.values.newPassword, form.values.passwordConfirm);
      setDone(true);
      showToast(PASSWORD_UPDATED, 'success');
      openOverlay('login');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ErrorCode.INVALID_LINK) setLinkError(error.message);
      else showToast(error.status === 429 ? TOO_MANY_ATTEMPTS : serverMessageOf(error), 'error');
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="form-success" role="status">
        <p className="form-success__title">{PASSWORD_UPDATED}</p>
        <p>Ora puoi accedere con la nuova password.</p>
        <LoginButton />
      </div>
    );
  }
  if (linkError) {
    return (
      <FormAlert message={linkError}>
        <a className="button" href={routes.reset}>
          Richiedi un nuovo link
        </a>
      </FormAlert>
    );
  }
  return (
    <form
      className="account-form account-form--narrow"
      onSubmit={submit}
      noValidate
      aria-labelledby="new-password-title"
    >
      <TextField
        form={form}
        name="newPassword"
        label="Nuova password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
      />
      <TextField
        form={form}
        name="passwordConfirm"
        label="Conferma nuova password"
        type="password"
        autoComplete="new-password"
        required
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy || token === null}>
          Salva la nuova password
        </button>
      </div>
    </form>
  );
}
