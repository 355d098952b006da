import { Outlet } from "react-router";
import { page } from "../page.ts";

export const loader = () => page.loaderData["routes/flow-layout"];

export default function FlowLayout() {
  return <Outlet />;
}
