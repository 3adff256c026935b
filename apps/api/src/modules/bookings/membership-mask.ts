/**
 * A membership number with all but its last 4 digits hidden, in groups of four as printed on
 * the card: "9000000000000009" → "•••• •••• •••• 0009".
 */
export function maskMembershipNumber(dpid: string): string {
  const digits = dpid.replace(/\s/g, '');
  const shown = digits.slice(-4);
  const hidden = '•'.repeat(Math.max(0, digits.length - shown.length));
  return (hidden + shown).replace(/(.{4})(?=.)/g, '$1 ');
}
