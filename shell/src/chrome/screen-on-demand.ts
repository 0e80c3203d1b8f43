import { createElement, lazy, type ComponentType } from 'react';
import { withFocusManagement } from './with-focus-management';

/**
 * A screen loaded when first shown (with the focus management its Fluent components need), which
 * can also be loaded before the app's first render: a screen painted from index.html (sign-in,
 * 404) is then replaced by itself at once, not by a loading spinner first, which would take the
 * page's largest paint (LCP) from the painted screen and flash.
 */
export function screenOnDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const loadWithFocus = withFocusManagement(load);
  let loaded: ComponentType<P> | undefined;
  const OnDemand = lazy(() => loadWithFocus().then((component) => ({ default: component })));
  function Screen(props: P) {
    return createElement(loaded ?? OnDemand, props);
  }
  // Only before the app's first render: a screen already on screen would be mounted anew.
  const preload = () =>
    loadWithFocus().then((component) => {
      loaded = component;
    });
  return Object.assign(Screen, { preload });
}
