/** The n-th Visa number of a made-up range, its check digit right (Luhn): a new card each time. */
export function visaNumber(n: number): string {
  const body = `4539${String(n).padStart(11, '0')}`;
  const sum = [...body].reverse().reduce((total, digit, i) => {
    const d = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (d > 9 ? d - 9 : d);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
