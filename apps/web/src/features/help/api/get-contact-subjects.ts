import { callDescriptors } from 'virtual:call-descriptors/help';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** The subjects a message to support can have (POST /account/contact-us/email-us/subject). */
export const getContactSubjectsQueryOptions = () =>
  queryOptions({ ...callQueryOptions(callDescriptors.contactSubjects), staleTime: Infinity });

export const useContactSubjects = () => useQuery(getContactSubjectsQueryOptions());
