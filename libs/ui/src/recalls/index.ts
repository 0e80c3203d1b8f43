export * from './recall-notice';
