import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/basic';
import { callQueryOptions } from '../api/query-options';

/** The dial codes of the mobile number picker (POST /area/country-list-telCode), once a page. */
export const getDialCodesQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.countryListTelCode),
    staleTime: Infinity,
    // Without the list the picker still offers the default (+44): no error overlay for it.
    meta: { serverErrorOverlay: false },
  });

export const useDialCodes = () => useQuery(getDialCodesQueryOptions());
