export * from './render';
export * from './fixtures';
