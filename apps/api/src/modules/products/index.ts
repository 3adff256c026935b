import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAirportProductCalls } from './airport-product-calls';
import { registerProductCalls } from './product-calls';
import { productListCache } from './product-list-cache';

/** Lounges, dining, spa and fast track: lists, filters, details and per-airport counts. */
export const productsModule = fp(
  (app: FastifyInstance) => {
    app.decorate('productLists', productListCache());
    registerProductCalls(app);
    registerAirportProductCalls(app);
  },
  { name: 'products', dependencies: ['platform', 'auth'] },
);

export {
  catalogueProductOf,
  catalogueVersions,
  deactivateOthers,
  PRODUCTS,
  upsertProducts,
} from '../../platform/catalogue/catalogue-store';
export { hoursText } from './opening-hours';
export { validateCatalogue } from '../../platform/catalogue/validate-catalogue';
export type { CatalogueProduct } from '../../platform/catalogue/catalogue-product';
