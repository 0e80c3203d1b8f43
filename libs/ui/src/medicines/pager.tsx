import { Button, makeStyles, Text, tokens, useFluent } from '@fluentui/react-components';
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../components/paging';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
    marginBlockStart: tokens.spacingVerticalL,
  },
});

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  // Arrows point the way the page reads.
  const rtl = useFluent().dir === 'rtl';
  // While a page past the end waits to be moved back, it still counts (and offers Previous).
  const pages = Math.max(pageCount(total, pageSize), page);
  if (pages <= 1) return null;
  return (
    <nav className={styles.root} aria-label={t('paging.label')}>
      <Button
        icon={rtl ? <ChevronRight20Regular /> : <ChevronLeft20Regular />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('paging.previous')}
      />
      <Text aria-live="polite">{t('paging.page', { page, pages })}</Text>
      <Button
        icon={rtl ? <ChevronLeft20Regular /> : <ChevronRight20Regular />}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('paging.next')}
      />
    </nav>
  );
}
