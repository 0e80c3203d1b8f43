export * from './pickup-plan';
