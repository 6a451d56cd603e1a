export { default } from './app/routes';
