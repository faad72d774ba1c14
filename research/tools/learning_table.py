"""The tables of docs/opponent.md from the CSVs of tools/learning_runs.sh: python3 tools/learning_table.py DIR."""
import csv, math, collections, os, sys
D = sys.argv[1] if len(sys.argv) > 1 else 'learning-runs'
def load(path):
    d = collections.defaultdict(dict)
    for r in csv.DictReader(open(path)):
        d[r['algorithm']][int(r['game'])] = int(r['shots'])
    return d
def ms(xs):
    n=len(xs); m=sum(xs)/n; sd=math.sqrt(sum((x-m)**2 for x in xs)/(n-1)); return m, 1.96*sd/math.sqrt(n)
styles=[('uniform','uniform'),('hard','hard:64'),('edge1','edge:1'),('edge-1','edge:-1'),('apart','apart'),('parallel','parallel'),('across0.8','across:0.8')]
cols=['0','5','20','100','oracle']
for alg in ['bayes','weighted-density']:
    print(f"\n`{alg}`:\n")
    print("| placement | " + " | ".join(("N = "+c if c!='oracle' else 'oracle') for c in cols) + " | share of the oracle's gain at N = 20 |")
    print("|---|" + "---|"*(len(cols)+1))
    for key,name in styles:
        base_path=f'{D}/{key}-0.csv'
        if not os.path.exists(base_path): continue
        base=load(base_path)[alg]
        cells=[]; vals={}
        for c in cols:
            p=f'{D}/{key}-{c}.csv'
            if not os.path.exists(p): cells.append('–'); continue
            d=load(p)[alg]; g=sorted(d)
            m,ci=ms([d[i] for i in g]); vals[c]=(m,g,d)
            if c=='0': cells.append(f"{m:.2f} ± {ci:.2f} ({len(g):,})")
            else:
                dm,dci=ms([d[i]-base[i] for i in g])
                cells.append(f"{m:.2f} ({dm:+.2f}, {dm-dci:+.2f} to {dm+dci:+.2f}; {len(g):,})")
        share='–'
        if 'oracle' in vals and '20' in vals:
            g=sorted(set(vals['oracle'][1])&set(vals['20'][1]))
            b0=sum(base[i] for i in g)/len(g); o=sum(vals['oracle'][2][i] for i in g)/len(g); l=sum(vals['20'][2][i] for i in g)/len(g)
            if b0-o>0.05:
                # The ratio of two paired means, its 95% interval by the delta method.
                a=[base[i]-vals['20'][2][i] for i in g]; c=[base[i]-vals['oracle'][2][i] for i in g]
                r=sum(a)/sum(c); cm=sum(c)/len(g)
                res=[x-r*y for x,y in zip(a,c)]; mr=sum(res)/len(g)
                se=math.sqrt(sum((x-mr)**2 for x in res)/(len(g)-1)/len(g))/cm
                share=f"{100*r:.0f}% ({100*(r-1.96*se):.0f}% to {100*(r+1.96*se):.0f}%)"
            else:
                share='no gain to share'
        print(f"| `{name}` | " + " | ".join(cells) + f" | {share} |")
