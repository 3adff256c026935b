import { DIGIT_GROUP_SIZE } from '../constants';

export function removeWhitespace(input: string): string {
  return input.replace(/\s+/g, '');
}

export function keepDigits(input: string): string {
  return input.replace(/\D+/g, '');
}

export function isDigits(input: string): boolean {
  return /^\d+$/.test(input);
}

/** "1234567890" -> "1234 5678 90". */
export function groupDigits(digits: string, size: number = DIGIT_GROUP_SIZE): string {
  const groups: string[] = [];
  for (let i = 0; i < digits.length; i += size) groups.push(digits.slice(i, i + size));
  return groups.join(' ');
}
