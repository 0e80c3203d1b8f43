/**
 * Loads a screen (or the toaster) together with the page's focus management, set up before it
 * renders: tabster must be configured before the first Fluent component that uses it
 * (libs/ui focus-management.ts). The landing page uses none and does not download it.
 */
export function withFocusManagement<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([load(), import('@medrelay/ui/focus-management')]).then(([loaded, focus]) => {
      focus.setUpFocusManagement();
      return loaded;
    });
}
