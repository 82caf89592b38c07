// npm run operator:create -- --email cassa@coop.it --password '…' --store 1109 [--name 'Nome Cognome']
// Creates a store staff account for the store's side of the order lifecycle.
import { parseArgs } from 'node:util';
import { openShopDatabase } from '#src/server/bootstrap.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { email, newPassword } from '#src/shared/contract/profile-rules.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    store: { type: 'string' },
    name: { type: 'string', default: 'Operatore Negozio' },
  },
});
const address = email.safeParse(values.email ?? '');
const password = newPassword.safeParse(values.password ?? '');
const storeId = Number(values.store);
if (!address.success || !password.success || !Number.isInteger(storeId)) {
  console.error(
    "Usage: npm run operator:create -- --email <e-mail> --password <at least 8 characters, 3 kinds> --store <store id> [--name 'Nome Cognome']",
  );
  process.exit(1);
}
const handle = await openShopDatabase();
try {
  const [firstName = 'Operatore', ...rest] = values.name.split(' ');
  const id = await createOperator(handle.db, {
    email: address.data,
    password: password.data,
    storeId,
    firstName,
    lastName: rest.join(' ') || 'Negozio',
  });
  console.log(`Operator ${address.data} (user ${id}) created for store ${storeId}.`);
} finally {
  await handle.close();
}
