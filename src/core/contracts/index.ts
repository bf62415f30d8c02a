export * from './audit';
export * from './certificate';
export * from './proposal';
export * from './reasons';
export * from './tool';
export * from './verdict';
