import type { ReactNode } from 'react';
import { Link as FluentLink } from '@fluentui/react-components';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/** A Fluent-styled link that navigates inside the app without reloading the page. */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler(to);
  return (
    <FluentLink href={href} onClick={onClick} inline>
      {children}
    </FluentLink>
  );
}
