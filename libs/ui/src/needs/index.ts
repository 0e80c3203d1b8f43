export * from './needs-screen';
export * from './need-form-dialog';
export * from './need-matches';
export * from './match-deep-link';
