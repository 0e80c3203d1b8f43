import { Text } from '@fluentui/react-components';
import type { User } from '@medrelay/contracts';
import { useListStyles } from '../list-styles';

/** Who an account is, as every admin list shows it: name, e-mail (left to right) and a date. */
export function UserSummary({ user, when }: { user: User; when: string }) {
  const styles = useListStyles();
  return (
    <div className={styles.main}>
      <Text weight="semibold" block>
        {user.name}
      </Text>
      <Text size={200} className={styles.muted} block dir="ltr" style={{ textAlign: 'start' }}>
        {user.email}
      </Text>
      <Text size={200} className={styles.muted}>
        {when}
      </Text>
    </div>
  );
}
