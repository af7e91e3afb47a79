// The boot namespaces (BOOT_NAMESPACES in ./i18n.ts) in en, one file: a first visit asks for one
// translations file before its first paint instead of three.
export { default as common } from '../../locales/en/common.json';
export { default as shop } from '../../locales/en/shop.json';
export { default as offline } from '../../locales/en/offline.json';
