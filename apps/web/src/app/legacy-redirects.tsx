// The older path table of 000 §2.3, each redirected to its current path (query and ids kept).
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';

function To(props: { build: (params: Record<string, string>, search: URLSearchParams) => string }) {
  const params = useParams() as Record<string, string>;
  const location = useLocation();
  return <Navigate to={props.build(params, new URLSearchParams(location.search))} replace />;
}

const keepSearch = (target: string) => (_: Record<string, string>, search: URLSearchParams) => {
  const s = search.toString();
  return s ? `${target}${target.includes('?') ? '&' : '?'}${s}` : target;
};

export const legacyRoutes: RouteObject[] = [
  {
    path: paths.legacy.register.path,
    element: <To build={(p) => paths.auth.registerWithCode.href({ code: p.code })} />,
  },
  { path: paths.legacy.invite.path, element: <To build={(p) => paths.auth.invite.href({ code: p.code })} /> },
  { path: paths.legacy.createAccount.path, element: <To build={keepSearch(paths.account.create.path)} /> },
  { path: paths.legacy.confirmEmail.path, element: <To build={keepSearch(paths.auth.confirmEmail.path)} /> },
  {
    path: paths.legacy.resetPassword.path,
    element: <To build={(p) => paths.auth.resetPassword.href({ ref: p.ref })} />,
  },
  { path: paths.legacy.fundWallet.path, element: <To build={keepSearch(paths.wallet.addFunds.path)} /> },
  { path: paths.legacy.addFunds.path, element: <To build={keepSearch(paths.wallet.addFunds.path)} /> },
  { path: paths.legacy.team.path, element: <To build={keepSearch(paths.teams.root.path)} /> },
  { path: paths.legacy.teamManageRoles.path, element: <To build={() => paths.teams.manageRoles.path} /> },
  {
    path: paths.legacy.teamMember.path,
    element: <To build={(p) => paths.teams.member.href({ id: p.id })} />,
  },
  { path: paths.legacy.payees.path, element: <To build={keepSearch(paths.vendors.root.path)} /> },
  { path: paths.legacy.payeesPaymentRequests.path, element: <To build={() => paths.payouts.quotes.path} /> },
];
