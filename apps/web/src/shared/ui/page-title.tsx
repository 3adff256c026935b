import { useTranslation } from '@/shared/i18n/use-translation';

/** Sets the document title; React hoists <title> into the head. */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation('pages');
  return <title>{`${title} | ${t('titleSuffix')}`}</title>;
}
