/** The iCalendar file's fields (lines unfolded). */
export function icsFields(ics: string): Map<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  return new Map(
    lines
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]),
  );
}

/** The event's start (DTSTART, in UTC) as "HH:MM" in `zone`; throws when it is not UTC. */
export function localStartOf(fields: Map<string, string>, zone: string): string {
  const start = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})00Z$/.exec(fields.get('DTSTART') ?? '');
  if (!start) throw new Error(`DTSTART is not a UTC time: ${fields.get('DTSTART')}`);
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0] = start.slice(1).map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.UTC(y, mo - 1, d, h, mi)));
}
