// The error boundary's panel (Fluent's MessageBar) in a chunk of its own: the landing page,
// which every visitor downloads, needs it only once something has broken.
export { ErrorState as default } from '@medrelay/ui';
