// Legacy /payments/boarding (docs/product.md §2, §9): 0,01 € is authorised only to
// validate the card and is not charged; 'Procedi' posts the signed hidden
// form (every field but serverUrl) to the provider in a new tab.
import { VERIFICATION_AMOUNT_CENTS } from '#src/shared/contract/constants.ts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessageOf } from '#src/lib/api-client.ts';
import { formatEuro, toEuro } from '#src/shared/contract/money.ts';
import type { LegacyBoardingForm } from '#src/shared/contract/payments.ts';
import { RequireShopper } from '#src/shop/LoginGate.tsx';
import { loadLegacyForm } from '#src/shop/payments.api.ts';
import { legacyFormFields } from '#src/components/card-payment.ts';

function Boarding() {
  const [form, setForm] = useState<LegacyBoardingForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const load = useCallback(() => {
    loadLegacyForm().then(setForm, (e: unknown) => setError(errorMessageOf(e)));
  }, []);
  useEffect(load, [load]);

  // Every post is a new signed transaction: once this one is on its way, get the next.
  function posted() {
    setSent(true);
    setTimeout(load, 0);
  }

  return (
    <>
      <p>
        Per verificare la carta viene richiesta un'autorizzazione di {formatEuro(toEuro(VERIFICATION_AMOUNT_CENTS))},
        solo per convalidarla: l'importo non ti verrà addebitato.
      </p>
      <p>
        Premendo «Procedi» si apre, in una nuova scheda, la pagina sicura del circuito di pagamento dove inserire i dati
        della carta.
      </p>
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      <form
        method="post"
        action={form?.serverUrl}
        target="_blank"
        onSubmit={posted}
        className="payment-actions payment-actions--start"
        rel="noopener"
      >
        {form &&
          legacyFormFields(form).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        <button type="submit" className="button button-primary" disabled={!form}>
          Procedi<span className="visually-hidden"> (si apre in una nuova scheda)</span>
        </button>
      </form>
      {sent && (
        <p role="status">Completa la verifica nella nuova scheda; poi troverai l'esito nella pagina dei pagamenti.</p>
      )}
    </>
  );
}

export default function LegacyBoarding() {
  return <RequireShopper look="profile">{() => <Boarding />}</RequireShopper>;
}
