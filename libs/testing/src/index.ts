export * from './stores';
export * from './isolation';
export * from './mail';
export * from './http';
export * from './wait';
export * from './service';
export * from './migrations';
export * from './outage-proxy';
