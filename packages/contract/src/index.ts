export * from './define';
export * from './envelope';
export * from './errors';
export * from './issuers';
export * from './calls/index';
export * from './constants';
export * from './messages';
export * from './rules/index';
