# SVG after move N renders (rsvg-convert) into a PNG
cd "$TOP/testdata/fmt"
"$SGFKIT" convert -t svg --numbers -m 120 even.ngf > "$OLDPWD/x.svg"
grep -c '<circle' "$OLDPWD/x.svg"
grep -o '>120</text>' "$OLDPWD/x.svg"
if command -v rsvg-convert >/dev/null; then
	rsvg-convert -o "$OLDPWD/x.png" "$OLDPWD/x.svg" && head -c 4 "$OLDPWD/x.png" | tail -c 3
elif command -v python3 >/dev/null; then
	python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$OLDPWD/x.svg" &&
		printf PNG
else # neither: at least the closing tag (make check needs only build tools)
	[ "$(tail -n 1 "$OLDPWD/x.svg")" = "</svg>" ] && printf PNG
fi
echo
