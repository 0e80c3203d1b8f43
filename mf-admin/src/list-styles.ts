import { makeStyles, tokens } from '@fluentui/react-components';

/** The admin lists' look (accounts, listings, transactions, activity): one row per item. */
export const useListStyles = makeStyles({
  // On a phone, two to a row as every role's figures (libs/ui StatGrid): one to a row, the eight
  // of Transactions pushed the list more than a screen down.
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBlockEnd: tokens.spacingVerticalL,
    '@media (max-width: 639px)': {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      gap: tokens.spacingHorizontalS,
    },
  },
  card: { padding: tokens.spacingHorizontalL },
  list: { listStyleType: 'none', margin: '0', padding: '0' },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalM,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  main: { flex: '1 1 240px', minWidth: '0' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});
