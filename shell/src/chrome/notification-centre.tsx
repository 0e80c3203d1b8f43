import { useEffect, useState } from 'react';
import {
  Button,
  CounterBadge,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  mergeClasses,
  OverlayDrawer,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Text,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { Alert24Regular, Dismiss24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import {
  useInboxPages,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadNotifications,
  type InboxNotification,
} from '@medrelay/api-client';
import type { UserType } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { RecallNoticeAcknowledgement } from '@medrelay/ui';
import { ExpiringSoon, stockOwners, useExpiring } from './expiring-soon';
import { phoneQuery, useHeaderStyles } from './header-styles';
import { notificationLink } from '@medrelay/domain';

const useStyles = makeStyles({
  // Fluent's Button clips what overflows it; the badge sits at the bell's top end and may reach
  // past the icon, so the button lets it show (#5).
  button: { overflow: 'visible' },
  trigger: { position: 'relative', display: 'inline-flex' },
  count: { position: 'absolute', insetBlockStart: '-8px', insetInlineEnd: '-8px' },
  surface: { width: '360px', maxWidth: '90vw', maxHeight: '75vh', overflowY: 'auto' },
  top: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  list: { listStyleType: 'none', margin: '0', padding: '0' },
  entry: {
    display: 'grid',
    gridTemplateColumns: '12px 1fr',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
    minHeight: '44px',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
  dot: {
    width: '8px',
    height: '8px',
    marginBlockStart: '6px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
  },
  text: { minWidth: '0', overflowWrap: 'anywhere' },
  // A recall notice is acknowledged right under it: the entry's line moves below the button.
  entryWithAction: { borderBlockEndStyle: 'none' },
  action: {
    paddingInlineStart: `calc(12px + ${tokens.spacingHorizontalS} + ${tokens.spacingHorizontalXS})`,
    paddingBlockEnd: tokens.spacingVerticalS,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { marginBlockStart: tokens.spacingVerticalL },
  more: { marginBlockStart: tokens.spacingVerticalS, width: '100%' },
  // Read by screen readers only: the dot's meaning.
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

const phoneMedia = phoneQuery.replace('@media ', '');
/** Whether the screen is phone-sized: the panel is then a full-screen sheet, not a popover. */
function usePhone() {
  const [phone, setPhone] = useState(() => window.matchMedia(phoneMedia).matches);
  useEffect(() => {
    const media = window.matchMedia(phoneMedia);
    const update = () => setPhone(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return phone;
}

function Entry({
  n,
  role,
  onOpen,
}: {
  n: InboxNotification;
  role: UserType;
  onOpen: (n: InboxNotification) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const recallId = n.type === 'recall-quarantined' ? n.recallId : undefined;
  return (
    <li data-testid="notification">
      <Link
        to={notificationLink(n, role)}
        className={mergeClasses(styles.entry, typeof recallId === 'number' && styles.entryWithAction)}
        onClick={() => onOpen(n)}
      >
        <span aria-hidden className={n.isRead ? undefined : styles.dot} />
        <span className={styles.text}>
          {!n.isRead && <span className={styles.hidden}>{`${t('inbox.unread')}: `}</span>}
          <Text block weight={n.isRead ? 'regular' : 'semibold'}>
            {n.title}
          </Text>
          <Text block size={200}>
            {n.message}
          </Text>
          <Text size={200} className={styles.muted}>
            <time dateTime={n.createdAt} title={format.dateTime(n.createdAt)}>
              {format.relative(n.createdAt)}
            </time>
          </Text>
        </span>
      </Link>
      {typeof recallId === 'number' && (
        <div className={styles.action}>
          <RecallNoticeAcknowledgement recallId={recallId} />
        </div>
      )}
    </li>
  );
}

/**
 * The panel's content: the inbox a page at a time, and the expiring stock of owners. On a phone
 * the sheet's own header carries the title (`titled` false), so no blank band sits above it.
 */
function InboxPanel({
  role,
  unread,
  onLeave,
  titled = true,
}: {
  role: UserType;
  unread: number;
  onLeave: () => void;
  titled?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const pages = useInboxPages(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const open = (n: InboxNotification) => {
    if (!n.isRead) markRead.mutate(n.id);
    onLeave();
  };
  return (
    <>
      <div className={styles.top}>
        {titled && (
          <Text as="h2" weight="semibold" size={400}>
            {t('inbox.title')}
          </Text>
        )}
        {/* Focusable once all are read: a disabled button drops the focus out of the sheet. */}
        <Button
          appearance="subtle"
          size="small"
          disabledFocusable={unread === 0 && !items.some((n) => !n.isRead)}
          onClick={() => markAll.mutate()}
        >
          {t('inbox.markAll')}
        </Button>
      </div>
      {pages.isPending && <Spinner size="tiny" />}
      {pages.isError && <Text block>{t('inbox.failed')}</Text>}
      {pages.isSuccess && items.length === 0 && (
        <Text block className={styles.muted}>
          {t('inbox.empty')}
        </Text>
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-label={t('inbox.title')}>
          {items.map((n) => (
            <Entry key={n.id} n={n} role={role} onOpen={open} />
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button
          className={styles.more}
          disabled={pages.isFetchingNextPage}
          icon={pages.isFetchingNextPage ? <Spinner size="tiny" /> : undefined}
          onClick={() => void pages.fetchNextPage()}
        >
          {t('inbox.loadMore')}
        </Button>
      )}
      {stockOwners.includes(role) && (
        <section className={styles.section} aria-label={t('inbox.expiring')}>
          <Text as="h2" weight="semibold" size={400}>
            {t('inbox.expiring')}
          </Text>
          <ExpiringSoon role={role} />
        </section>
      )}
    </>
  );
}

/**
 * The header's bell: the unread count on it, and behind it the notification
 * centre (a popover; a full-screen sheet on a phone) with the expiry section of spec §2.
 */
export function NotificationBell({ role }: { role: UserType }) {
  const styles = useStyles();
  const header = useHeaderStyles();
  const { t } = useTranslation('common');
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  // On a phone the panel opens without a DialogTrigger: this gives focus back to the bell.
  const restoreFocus = useRestoreFocusTarget();
  const unread = useUnreadNotifications().data ?? 0;
  const expiring = useExpiring(role).count;
  // Any navigation closes the panel (an entry followed, Back, a redirect).
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);

  // The name holds the digit the badge shows (every Arabic plural form spells it out), and for
  // owners of stock the expiring count the bell used to carry (spec §2).
  const name = [
    `${t('header.notifications')}: ${t('header.unreadCount', { count: unread })}`,
    ...(stockOwners.includes(role)
      ? [`${t('header.alerts')}: ${t('header.alertsCount', { count: expiring })}`]
      : []),
  ].join('. ');
  const bell = (
    <Button
      appearance="subtle"
      className={mergeClasses(header.control, styles.button)}
      data-testid="notification-bell"
      aria-expanded={open}
      onClick={phone ? () => setOpen(true) : undefined}
      {...restoreFocus}
      icon={
        // The count rides on the bell, so the button stays icon-sized.
        <span className={styles.trigger}>
          <Alert24Regular />
          {unread > 0 && (
            <CounterBadge
              className={styles.count}
              count={unread}
              overflowCount={99}
              size="small"
              color="danger"
            />
          )}
        </span>
      }
      aria-label={name}
    />
  );
  const panel = <InboxPanel role={role} unread={unread} onLeave={() => setOpen(false)} titled={!phone} />;

  if (phone)
    return (
      <>
        {bell}
        <OverlayDrawer
          open={open}
          position="bottom"
          size="full"
          onOpenChange={(_, data) => setOpen(data.open)}
          aria-label={t('inbox.title')}
        >
          <DrawerHeader>
            <DrawerHeaderTitle
              heading={{ as: 'h2' }}
              action={
                <Button
                  appearance="subtle"
                  aria-label={t('inbox.close')}
                  icon={<Dismiss24Regular />}
                  onClick={() => setOpen(false)}
                />
              }
            >
              {t('inbox.title')}
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>{panel}</DrawerBody>
        </OverlayDrawer>
      </>
    );
  return (
    // Inline and not modal: the panel follows the bell in the tab order (Tab from the bell enters
    // it, Escape closes it); a trapped popover hid its own content from happy-dom's and screen
    // readers' view in our tests (tabster's modalizer), so it is not used.
    <Popover
      inline
      positioning="below-end"
      withArrow
      open={open}
      onOpenChange={(_, data) => setOpen(data.open)}
    >
      <PopoverTrigger disableButtonEnhancement>{bell}</PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('inbox.title')}>
        {panel}
      </PopoverSurface>
    </Popover>
  );
}
