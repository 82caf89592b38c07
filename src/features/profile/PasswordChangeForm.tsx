// /app/profile/password (docs/product.md §5 Password change, §7): old, new (≥ 8 and the
// composition hint) and confirmation; success toast, then home; a refusal shows the server's message.
import { routes } from '#src/shared/routes.ts';
import { useState, type FormEvent } from 'react';
import { ApiError, serverMessageOf } from '#src/lib/api-client.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { PASSWORD_HINT } from '#src/shared/contract/profile-rules.ts';
import { flashToast } from '#src/lib/flash.ts';
import { changePassword } from './account.api.ts';
import { RequiredNote, TextField } from './Fields.tsx';
import { useForm } from './form-kit.ts';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import { confirmation, rules } from './rules.ts';

const PASSWORD_CHANGED = 'Password aggiornata correttamente';

export default function PasswordChangePage() {
  return <RequireShopper look="profile">{() => <PasswordChangeForm />}</RequireShopper>;
}

function PasswordChangeForm() {
  const form = useForm(
    'password',
    { oldPassword: '', newPassword: '', passwordConfirm: '' },
    {
      oldPassword: rules.oldPassword('oldPassword'),
      newPassword: rules.newPassword('newPassword'),
      passwordConfirm: confirmation('passwordConfirm', 'newPassword'),
    },
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    try {
      await changePassword(form.values.oldPassword, form.values.newPassword);
      flashToast(PASSWORD_CHANGED, 'success');
      window.location.assign(routes.home);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // docs/product.md §8: a failed change says the server's message ('La password attuale non è corretta.').
      if (error.status !== 401 && error.status !== 403) showToast(serverMessageOf(error), 'error');
      setBusy(false);
    }
  }

  return (
    <form className="account-form account-form--narrow" onSubmit={submit} noValidate aria-labelledby="password-title">
      <RequiredNote />
      <TextField
        form={form}
        name="oldPassword"
        label="Password attuale"
        type="password"
        autoComplete="current-password"
        required
      />
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
        <button type="submit" className="button button-primary" disabled={busy}>
          Cambia password
        </button>
      </div>
    </form>
  );
}
