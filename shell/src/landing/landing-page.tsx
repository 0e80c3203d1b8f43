import { startTransition, useEffect, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { logoutState, useSession } from '@medrelay/api-client';
import { mayUseProduct } from '@medrelay/domain';
import { CenteredSpinner } from '@medrelay/ui';
import { homeOf } from '../session/guard';
import { LandingHeader } from './landing-header';
import { Hero } from './hero';
import { About, HowItWorks } from './about';
import { ImpactStrip } from './impact-strip';
import { RoleCards } from './role-cards';
import { ContactAndFooter } from './contact-footer';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, scrollBehavior: 'smooth' },
});

/** Sets the page title and description in the active language (spec §2: title and metadata). */
export function usePageMeta() {
  const { t, i18n } = useTranslation('shell');
  useEffect(() => {
    document.title = t('meta.title');
    for (const selector of ['meta[name="description"]', 'meta[property="og:description"]']) {
      document.querySelector(selector)?.setAttribute('content', t('meta.description'));
    }
    document.querySelector('meta[property="og:title"]')?.setAttribute('content', t('meta.title'));
  }, [t, i18n.resolvedLanguage]);
}

/**
 * False until the browser has painted once. The sections under the hero render then: the first
 * render (with the styles it inserts) is shorter and the hero, the page's largest text, paints
 * sooner (LCP). A link to a section (`/#impact`) gets them at once.
 */
function usePaintedOnce() {
  const [painted, setPainted] = useState(() => location.hash !== '');
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the frame's paint comes first.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/** `/`: the public landing page; approved signed-in users go straight to their dashboard. */
export function LandingPage() {
  const styles = useStyles();
  const { data: user, isPending } = useSession();
  const { t } = useTranslation('common');
  const painted = usePaintedOnce();
  usePageMeta();
  useEffect(() => logoutState.acknowledge(), [user]);
  if (isPending) return <CenteredSpinner fullScreen label={t('loading')} />;
  if (user && mayUseProduct(user.userType, user.status)) return <Navigate to={homeOf(user)} replace />;
  return (
    <div className={styles.page}>
      <LandingHeader signedIn={!!user} />
      <main>
        <Hero pendingUser={user ?? null} />
        {painted && (
          <>
            <About />
            <HowItWorks />
            <ImpactStrip />
            <RoleCards />
          </>
        )}
      </main>
      {painted && <ContactAndFooter />}
    </div>
  );
}
