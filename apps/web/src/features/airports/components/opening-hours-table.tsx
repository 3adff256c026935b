import type { WeeklyHours } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { AIRPORTS_NS } from '../i18n';
import { describeDay, timeZoneName, weekdays } from '../lib/opening-hours';

/** Hours for every weekday, in the airport's local time, with the time zone named. */
export function OpeningHoursTable({ hours, timeZone }: { hours: WeeklyHours; timeZone: string }) {
  const { t } = useTranslation(AIRPORTS_NS);
  const zoneName = timeZoneName(timeZone);
  return (
    <table className="hours-table">
      <caption>
        {zoneName
          ? t('hours.caption', { zone: timeZone, name: zoneName })
          : t('hours.captionZone', { zone: timeZone })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('hours.day')}</th>
          <th scope="col">{t('hours.hours')}</th>
        </tr>
      </thead>
      <tbody>
        {weekdays.map((day) => {
          const described = describeDay(hours[day]);
          return (
            <tr key={day}>
              <th scope="row">{t(`weekday.${day}`)}</th>
              <td>
                {described.kind === 'closed'
                  ? t('hours.closed')
                  : described.kind === 'allDay'
                    ? t('hours.allDay')
                    : described.periods
                        .map((p) => t('hours.period', { open: p.open, close: p.close }))
                        .join(', ')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
