/** Header names and the channel value every call carries (spec section 7). No schemas here. */
export const HEADER_CHANNEL = 'channel';
export const HEADER_LANGUAGE = 'accept-language';
export const HEADER_AUTHORIZATION = 'authorization';
export const DEFAULT_CHANNEL = 'ASE';
