import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IIN_COUNTRY_CODE, productForIin } from '../cards/iin';
import { acceptedProducts, basicProductJson, findProduct, productJson } from '../cards/products';
import type { SandboxContext } from '../context';
import { ProviderError } from '../errors';

/**
 * The subset of the provider's client API that connect-sdk-client-js calls from the browser,
 * under {publicUrl}/client/v1/{customerId}/. Cross-origin by nature, so CORS is open here.
 */

const AUTHORIZATION = /^GCS v1Client:([A-Za-z0-9-]{1,64})$/;

interface CustomerParams {
  customerId: string;
}

function hasLiveSession(ctx: SandboxContext, request: FastifyRequest): boolean {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  const session = match?.[1] === undefined ? undefined : ctx.store.getSession(match[1]);
  const { customerId } = request.params as Partial<CustomerParams>;
  return (
    session !== undefined && session.expiresAt > ctx.now() && session.customerId === customerId
  );
}

export async function clientApi(app: FastifyInstance, { ctx }: { ctx: SandboxContext }) {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'X-GCS-ClientMetaInfo', 'Content-Type', 'Accept'],
    maxAge: 600,
  });

  // onRequest, so a caller without a session learns nothing, not even that its body is wrong.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'OPTIONS' || hasLiveSession(ctx, request)) return done();
    done(ProviderError.of('missingOrInvalidAuthorization'));
  });

  app.get<{ Params: CustomerParams }>('/:customerId/crypto/publickey', () => ({
    keyId: ctx.key.keyId,
    publicKey: ctx.key.publicKey,
  }));

  app.get<{ Params: CustomerParams }>('/:customerId/products', () => ({
    paymentProducts: acceptedProducts().map(basicProductJson),
  }));

  app.get<{ Params: CustomerParams & { productId: string } }>(
    '/:customerId/products/:productId',
    (request) => {
      const id = /^\d{1,6}$/.test(request.params.productId)
        ? Number(request.params.productId)
        : NaN;
      const product = findProduct(id);
      if (!product?.accepted) {
        throw ProviderError.of('unknownProduct', { propertyName: 'productId' });
      }
      return productJson(product);
    },
  );

  app.post<{ Params: CustomerParams; Body: { bin: string } }>(
    '/:customerId/services/getIINdetails',
    {
      schema: {
        body: {
          type: 'object',
          required: ['bin'],
          properties: { bin: { type: 'string', pattern: '^[0-9]{6,19}$' } },
        },
      },
    },
    (request) => {
      const product = productForIin(request.body.bin);
      if (!product) throw ProviderError.of('unknownIin', { propertyName: 'bin' });
      return {
        paymentProductId: product.id,
        countryCode: IIN_COUNTRY_CODE,
        isAllowedInContext: product.accepted,
      };
    },
  );
}
