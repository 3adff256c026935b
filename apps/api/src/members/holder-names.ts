export interface GivenNames {
  firstName: string;
  lastName: string;
}

/** Names compared as people write them: case, accents' encoding and spacing aside. */
const comparable = (name: string) =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

export type HolderMatch = 'match' | 'firstNameDiffers' | 'lastNameDiffers';

/**
 * How names given at sign-up compare with the membership's holder ("First Last", the last name
 * last). A membership issued without a holder name accepts any names.
 */
export function compareWithHolder(holderName: string | null, given: GivenNames): HolderMatch {
  const holder = comparable(holderName ?? '');
  if (holder === '') return 'match';
  const first = comparable(given.firstName);
  const last = comparable(given.lastName);
  if (holder === `${first} ${last}`) return 'match';
  if (holder === last || holder.endsWith(` ${last}`)) return 'firstNameDiffers';
  return 'lastNameDiffers';
}

/** Whether two sets of names are the same person's, as compareWithHolder reads names. */
export function sameNames(a: GivenNames, b: GivenNames): boolean {
  return (
    comparable(a.firstName) === comparable(b.firstName) &&
    comparable(a.lastName) === comparable(b.lastName)
  );
}
