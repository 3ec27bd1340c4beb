// The accounts routes validate like every route (plugins/validation.ts); kept as a name for them.
export { routeValidator as accountRouteValidator, validationError } from '../../plugins/validation.ts';
