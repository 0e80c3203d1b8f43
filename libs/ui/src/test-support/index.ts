export * from './render';
export * from './fixtures';
export * from './pages';
