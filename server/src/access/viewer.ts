/** Who is calling, once the auth plugin has checked the token; null for anonymous visitors. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
  user_name: string;
  roleId: number;
  /** on the denied-users list: barred from every admin path */
  denied: boolean;
  /** logged in with temporary credentials: must set a new password first */
  mustChangePassword: boolean;
}
