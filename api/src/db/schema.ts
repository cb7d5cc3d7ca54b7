export * from './core-schema';
export * from './habit-schema';
export * from './model-tables';
export * from './upload-schema';
export * from './invitation-schema';
export * from './search-terms-schema';
export * from './market-schema';
export * from './notification-schema';
