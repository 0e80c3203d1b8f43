import { makeStyles, tokens } from '@fluentui/react-components';

/** Below this width the header keeps icons only and the sidebar becomes a drawer. */
export const phoneQuery = '@media (max-width: 600px)';
/** The header's fixed height: the sticky sidebar starts right under it. */
export const headerHeight = '56px';

/** Shared by the header's controls (also the language switcher and the bell). */
export const useHeaderStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    boxSizing: 'border-box',
    height: headerHeight,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
    position: 'sticky',
    insetBlockStart: '0',
    zIndex: 10,
    [phoneQuery]: { gap: tokens.spacingHorizontalXS, paddingInline: tokens.spacingHorizontalS },
  },
  // Touch targets of at least 44 px; Fluent's 96 px minimum width is for text buttons in forms.
  control: {
    flexShrink: 0,
    minWidth: '44px',
    minHeight: '44px',
    [phoneQuery]: { paddingInline: tokens.spacingHorizontalS },
  },
  // Hidden from sight on a phone, still read as the control's name.
  phoneHidden: {
    [phoneQuery]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: '-1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
  phoneNone: { [phoneQuery]: { display: 'none' } },
});
