import type { ConstantList as ConstantListData } from '@kit/contract';
import { useLoaderData } from 'react-router';
import '../../ui/forms/forms.css';

export interface ConstantListProps {
  title: string;
}

/** /user/constants/*: the list the route's loader brought (docs/PRODUCT.md#profile-form instruction levels or occupations). */
export function ConstantList({ title }: ConstantListProps) {
  const { data } = useLoaderData<ConstantListData>();
  return (
    <section className="surface account-card constant-list">
      <h1>{title}</h1>
      <ol className="constant-list__items">
        {data.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </section>
  );
}
