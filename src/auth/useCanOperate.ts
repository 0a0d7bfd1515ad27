import { useCanAccess } from 'react-admin';

/**
 * Whether write buttons show on a screen of this resource or page module: the user holds its
 * operation right (authProvider.canAccess; the server checks again). False while it is being read.
 */
export function useCanOperate(resource: string): boolean {
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  return canAccess === true;
}
