/** A zone of import-x/no-restricted-paths. */
export interface Zone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}

export function webZones(root?: string): Zone[];
export function apiZones(root?: string): Zone[];
