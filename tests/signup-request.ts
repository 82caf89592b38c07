// The signup the browser journeys and the recipe lane make through the API: Anna Rossi, the
// two required consents given, the two optional ones not.
export const signupRequest = (email: string, password: string) => ({
  username: email,
  password,
  passwordConfirm: password,
  accept1: true,
  accept2: true,
  accept3: false,
  accept4: false,
  profile: {
    firstName: 'Anna',
    lastName: 'Rossi',
    birthDate: '1985-04-12',
    mobilePhone: '3331234567',
    email,
    ssnCode: 'RSSNNA85D52A662X',
    cards: [],
  },
});
