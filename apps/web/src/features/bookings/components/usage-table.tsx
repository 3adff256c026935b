import type { UsageEntry } from '@portal/contract';
import { useId, type Ref } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { BOOKINGS_NS } from '../i18n';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { formatMoney } from '@/shared/lib/format-money';

const COLUMNS = ['date', 'lounge', 'airport', 'guests', 'passesUsed', 'membership'] as const;

interface UsageTableProps {
  entries: UsageEntry[];
  tableRef?: Ref<HTMLTableElement>;
}

/**
 * A table on wide screens; below 1024 px each visit stacks as a card, every value under its
 * column name (data-label), so nothing scrolls sideways at 375 px. The stacked layout sets
 * display: block, and Safari (VoiceOver) then stops exposing the elements as a table: the
 * explicit roles keep the table, its rows and its headers for assistive technology.
 */
export function UsageTable({ entries, tableRef }: UsageTableProps) {
  const { t } = useTranslation(BOOKINGS_NS);
  const captionId = useId();
  const label = Object.fromEntries(
    COLUMNS.map((column) => [column, t(`history.column.${column}`)]),
  ) as Record<(typeof COLUMNS)[number], string>;

  return (
    <table
      className="data-table usage-table"
      ref={tableRef}
      role="table"
      aria-labelledby={captionId}
    >
      <caption id={captionId} className="visually-hidden">
        {t('history.caption')}
      </caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((column) => (
            <th key={column} scope="col" role="columnheader">
              {label[column]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {entries.map((entry) => (
          <tr key={entry.id} role="row">
            <th scope="row" role="rowheader" data-label={label.date} tabIndex={-1} data-more-focus>
              <time dateTime={`${entry.date}T${entry.time}`}>
                {t('history.visit', { date: formatVisitDay(entry.date), time: entry.time })}
              </time>
            </th>
            <td role="cell" data-label={label.lounge}>
              {entry.loungeName}
              {entry.kind === 'dining' || entry.kind === 'spa' ? (
                <span className="usage-table__offer">
                  {entry.amount
                    ? t('history.offerAmount', {
                        kind: t(`kind.${entry.kind}`),
                        amount: formatMoney(entry.amount),
                      })
                    : t('history.offerUsed', { kind: t(`kind.${entry.kind}`) })}
                </span>
              ) : null}
            </td>
            <td role="cell" data-label={label.airport}>
              {t('value.airport', { name: entry.airportName, code: entry.airportCode })}
            </td>
            <td role="cell" data-label={label.guests} className="data-table__number">
              {entry.guests}
            </td>
            <td role="cell" data-label={label.passesUsed} className="data-table__number">
              {entry.passesUsed}
            </td>
            <td role="cell" data-label={label.membership}>
              {entry.membershipNumber ?? t('history.noMembership')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
