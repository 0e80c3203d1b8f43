export * from './needs-screen';
export * from './need-form-dialog';
